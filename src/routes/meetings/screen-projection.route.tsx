import { useSearchParams } from 'react-router-dom';
import { CastScreen } from './CastScreen';

/** /screenProjection?code=: the projection view of a cast code (public page). */
export default function ScreenProjectionPage() {
  const [params] = useSearchParams();
  return <CastScreen code={params.get('code') ?? params.get('shortCode') ?? undefined} />;
}
