// `npm run bench`: every benchmark prints its measurement next to a baseline taken in the same run,
// so the ratios compare like with like on whatever machine runs them.
import { liveBench } from './live.bench';
import { loginBundleBench } from './login-bundle.bench';
import { recordListBench } from './record-list.bench';
import { serverStartBench } from './server-start.bench';

const benches = [loginBundleBench, serverStartBench, recordListBench, liveBench];

for (const bench of benches) {
  console.log(`\n# ${bench.title}`);
  for (const line of await bench.run()) console.log(line);
}
