export * from './sweeper';
