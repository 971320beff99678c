import { useNavigate } from 'react-router-dom';
import { NotFoundPage } from '../../ui/pages/NotFoundPage';
import { StandalonePage } from '../../ui/pages/StandalonePage';

export default function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <StandalonePage>
      <NotFoundPage onHome={() => navigate('/')} />
    </StandalonePage>
  );
}
