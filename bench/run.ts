// `npm run bench`: every benchmark prints its measurement next to a baseline taken in the same run,
// so the ratios compare like with like on whatever machine runs them.
// `npm run bench -- live upload` runs only the benchmarks whose key is named.
import { asrStreamBench } from './asr-stream.bench';
import { asrBench } from './asr.bench';
import { dubbingUploadBench } from './dubbing-upload.bench';
import { dubbingBench } from './dubbing.bench';
import { editorMachineBench } from './editor-machine.bench';
import { editorBench } from './editor.bench';
import { lighthouseBench } from './lighthouse.bench';
import { liveBrowserBench } from './live-browser.bench';
import { liveBench } from './live.bench';
import { liveOnsetBench } from './live-onset.bench';
import { loginBundleBench } from './login-bundle.bench';
import { paymentsBench } from './payments.bench';
import { recordListDomBench } from './record-list-dom.bench';
import { recordListBench } from './record-list.bench';
import { scaleBench } from './scale.bench';
import { searchBench } from './search.bench';
import { serverStartBench } from './server-start.bench';
import { summaryBench } from './summary.bench';
import { uploadBench } from './upload.bench';
import { vocabularyBench } from './vocabulary.bench';
import { wireBench } from './wire.bench';

const benches = {
  login: loginBundleBench,
  start: serverStartBench,
  records: recordListBench,
  recordsDom: recordListDomBench,
  upload: uploadBench,
  asr: asrBench,
  'asr-stream': asrStreamBench,
  live: liveBench,
  'live-browser': liveBrowserBench,
  'live-onset': liveOnsetBench,
  search: searchBench,
  payments: paymentsBench,
  vocabulary: vocabularyBench,
  'dubbing-upload': dubbingUploadBench,
  dubbing: dubbingBench,
  'editor-machine': editorMachineBench,
  editor: editorBench,
  wire: wireBench,
  lighthouse: lighthouseBench,
  summary: summaryBench,
  scale: scaleBench,
};

const wanted = process.argv.slice(2);
for (const [key, bench] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(key)) continue;
  console.log(`\n# ${bench.title} [${key}]`);
  for (const line of await bench.run()) console.log(line);
}
