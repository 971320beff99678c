// Language names in the interface language: the one helper shared by every feature (ui/common).
export { languageName } from '../common/language-name';
