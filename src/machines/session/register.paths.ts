// Path model of the register machine (convention: src/machines/testing/paths.ts); the doubles and
// samples are those of every code + new password form (codePasswordForm.pathsModel.ts).
import { codePasswordPathsModel } from './codePasswordForm.pathsModel';
import { registerMachine } from './register.machine';

export const pathsModel = codePasswordPathsModel({
  name: 'register',
  machine: registerMachine,
  eventPrefix: 'register',
  submitActor: 'register',
});
