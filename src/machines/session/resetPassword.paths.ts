// Path model of the resetPassword machine (convention: src/testing/paths.ts); the doubles
// and samples are those of every code + new password form (codePasswordForm.paths-model.ts).
import { CODE_REQUEST_IN_ERROR, SUBMIT_IN_ERROR, codePasswordPathsModel } from './codePasswordForm.paths-model';
import { resetPasswordMachine } from './resetPassword.machine';

export const pathsModel = codePasswordPathsModel({
  name: 'resetPassword',
  machine: resetPasswordMachine,
  eventPrefix: 'reset',
  unreachable: [
    { transition: 'error -code.request-> editing', reason: CODE_REQUEST_IN_ERROR },
    { transition: 'error -reset.submit-> editing', reason: SUBMIT_IN_ERROR },
  ],
  submitActor: 'resetPassword',
});
