export * from './read';
export * from './lists';
export * from './personalized';
export * from './private-rental';
