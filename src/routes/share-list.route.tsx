import { RecordListPage } from './records/record-list-page';

export default function Page() {
  return <RecordListPage scope="shared" />;
}
