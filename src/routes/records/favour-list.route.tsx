import { RecordListPage } from './record-list-page';

export default function Page() {
  return <RecordListPage scope="favourite" />;
}
