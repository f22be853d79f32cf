import { Outlet } from 'react-router';

/** Above every page and inside the router: what every page shares and that may use links and navigation. */
export function RootLayout() {
  return <Outlet />;
}
