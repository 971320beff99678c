// Where the browser build serves the PCM16 downsampler worklet. Vite-only (`?worker&url` bundles
// the worklet with its imports and yields its URL), so only the browser's composition imports this
// module — through src/machines/meetings/recording.browser.ts — and machines, streams and their
// tests stay loadable under plain Node (`npm run coverage:paths`).
export { default as pcm16DownsamplerUrl } from './pcm16-downsampler.worklet?worker&url';
