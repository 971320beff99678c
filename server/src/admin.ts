// Process entry of `npm run admin -- user add|list|password ...` and `voucher add|list`.
import { runAdmin } from './admin/run-admin';
import { loadConfig } from './config';

const code = await runAdmin(process.argv.slice(2), loadConfig(), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
