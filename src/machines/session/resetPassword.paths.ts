// Path model of the resetPassword machine (convention: src/machines/testing/paths.ts); the doubles
// and samples are those of every code + new password form (codePasswordForm.pathsModel.ts).
import { codePasswordPathsModel } from './codePasswordForm.pathsModel';
import { resetPasswordMachine } from './resetPassword.machine';

export const pathsModel = codePasswordPathsModel({
  name: 'resetPassword',
  machine: resetPasswordMachine,
  eventPrefix: 'reset',
  submitActor: 'resetPassword',
});
