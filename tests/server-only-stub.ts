// Test stand-in for the "server-only" marker package: importing it is a no-op here.
export {};
