/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest'],
    // The OTLP exporter loads node:http with a dynamic import(), which jest's CommonJS sandbox refuses without
    // --experimental-vm-modules: its files are compiled to require() (what Node does for it outside jest).
    '/node_modules/@opentelemetry/otlp-exporter-base/.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@opentelemetry/otlp-exporter-base/)'],
  setupFiles: ['reflect-metadata'],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.js'],
};
