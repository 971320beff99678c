// Path model of the register machine (convention: src/testing/paths.ts); the doubles and
// samples are those of every code + new password form (codePasswordForm.paths-model.ts).
import { CODE_REQUEST_IN_ERROR, SUBMIT_IN_ERROR, codePasswordPathsModel } from './codePasswordForm.paths-model';
import { registerMachine } from './register.machine';

export const pathsModel = codePasswordPathsModel({
  name: 'register',
  machine: registerMachine,
  eventPrefix: 'register',
  unreachable: [
    { transition: 'error -code.request-> editing', reason: CODE_REQUEST_IN_ERROR },
    { transition: 'error -register.submit-> editing', reason: SUBMIT_IN_ERROR },
  ],
  submitActor: 'register',
});
