import { useParams } from 'react-router-dom';
import { CastScreen } from './cast-screen';

/** /cast and /cast/:code share the cast screen; a code in the address connects at once. */
export default function CastPage() {
  const { code } = useParams();
  return <CastScreen code={code} />;
}
