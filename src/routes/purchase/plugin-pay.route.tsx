import { PayPage } from './pay-page';

/** /pluginPay: the browser plugin's pay page. */
export default function PluginPayPage() {
  return <PayPage titleKey="pluginPayTitle" />;
}
