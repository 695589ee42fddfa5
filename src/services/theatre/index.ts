export * from './read';
export * from './locations';
export * from './markets';
