// /userLogin: the sign-in the browser plugin and desktop client open. The session machine clears a
// stored login on route change when `source` is browser_plugin_media or media_desk; afterwards the
// page sends the user to the same-origin `redirect` query, exactly as /login does.
import { LoginPage } from './login.route';

export default function UserLoginRoute() {
  return <LoginPage titleKey="title.userLogin" />;
}
