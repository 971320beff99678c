import { PayPage } from './pay-page';

/** /deskPay: the desktop client's pay page. */
export default function DeskPayPage() {
  return <PayPage titleKey="deskPayTitle" />;
}
