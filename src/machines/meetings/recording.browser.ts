// The browser's side of the recording machine: the URL the bundle serves the audio worklet from,
// passed as `workletUrl` in the machine's input. Vite-only (through `?worker&url`): imported by
// routes, never by the machine, its path model or tests, which run under plain Node.
export { pcm16DownsamplerUrl } from '../../streams/worklets/pcm16-downsampler.url';
