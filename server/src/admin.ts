// Process entry of `npm run admin -- user add|list|password ...`, `voucher add|list`,
// `package add|list|edit|disable` and `grant`.
import { runAdmin } from './admin/run-admin';
import { loadConfig } from './config';

const code = await runAdmin(process.argv.slice(2), loadConfig(), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
