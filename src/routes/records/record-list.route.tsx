import { RecordListPage } from './record-list-page';
import { RestoreBannerContainer } from '../uploads/restore-banner';

export default function Page() {
  return (
    <>
      <RestoreBannerContainer />
      <RecordListPage scope="all" />
    </>
  );
}
