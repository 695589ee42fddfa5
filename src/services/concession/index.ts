export * from './read';
export * from './pickup';
