export * from './read';
export * from './list';
export * from './query';
export * from './view';
export * from './cancel';
