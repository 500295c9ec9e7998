// socket.io-client's own prebuilt ES module (see src/lib/socket.ts for why the app imports it
// instead of the package's entry): the same API as the package, so the package's types.
declare module '*/socket.io-client/dist/socket.io.esm.min.js' {
  export * from 'socket.io-client';
}
