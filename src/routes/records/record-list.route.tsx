// /recordList: the records area's list with the uploads area's restore banner above it — two areas meet here.
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
