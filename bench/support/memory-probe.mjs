/**
 * Loaded into the server by the pressure benchmark (`node --import`): answers `memory` on the IPC
 * channel with the process's own figures, which /proc cannot give (V8 heap, external, array buffers).
 */
process.on('message', (message) => {
  if (message === 'memory') process.send?.(process.memoryUsage());
});
process.channel?.unref();
