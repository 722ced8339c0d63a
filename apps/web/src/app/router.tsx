import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireShell } from '@/features/auth/components/require-shell';
import { isLoginPath, setSessionLostHandler } from '@/lib/api-client';
import { calendarModule } from './route-modules';
import { RouteError } from './routes/route-error';

// Every route module is its own chunk, so /login loads only the sign-in code and the landing
// page and the session shell stay out of each other's way.
const Landing = lazy(() => import('./routes/landing'));
const Login = lazy(() => import('./routes/login'));
const Signup = lazy(() => import('./routes/signup'));
const Terms = lazy(() => import('./routes/terms'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const VerifyEmail = lazy(() => import('./routes/verify-email'));
const OAuthCallback = lazy(() => import('./routes/oauth-callback'));
const AppRoot = lazy(() => import('./routes/app/root'));
const Dashboard = lazy(() => import('./routes/app/dashboard'));
const AttorneyDashboard = lazy(() => import('./routes/app/attorney-dashboard'));
const Email = lazy(() => import('./routes/app/email'));
const Documents = lazy(() => import('./routes/app/documents'));
const AiAnalysis = lazy(() => import('./routes/app/ai-analysis'));
const Calendar = lazy(calendarModule);
const Clients = lazy(() => import('./routes/app/clients'));
const Client = lazy(() => import('./routes/app/client'));
const Cases = lazy(() => import('./routes/app/cases'));
const Case = lazy(() => import('./routes/app/case'));
const Analytics = lazy(() => import('./routes/app/analytics'));
const Workflows = lazy(() => import('./routes/app/workflows'));
const Experts = lazy(() => import('./routes/app/experts'));
const Expert = lazy(() => import('./routes/app/expert'));
const Negotiations = lazy(() => import('./routes/app/negotiations'));
const Negotiation = lazy(() => import('./routes/app/negotiation'));
const Messages = lazy(() => import('./routes/app/messages'));
const Timeline = lazy(() => import('./routes/app/timeline'));
const Settings = lazy(() => import('./routes/app/settings'));

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.landing, element: <Landing /> },
      { path: paths.login, element: <Login /> },
      { path: paths.authLogin, element: <Login /> },
      { path: paths.signup, element: <Signup /> },
      { path: paths.terms, element: <Terms /> },
      { path: paths.forgotPassword, element: <ForgotPassword /> },
      { path: paths.resetPassword, element: <ResetPassword /> },
      { path: paths.verifyEmail, element: <VerifyEmail /> },
      { path: paths.googleCallback, element: <OAuthCallback /> },
      { path: paths.microsoftCallback, element: <OAuthCallback /> },
      {
        element: <AppRoot />,
        children: [
          // Spec §1: two shells. A path of the other shell sends the user to their own dashboard.
          {
            element: <RequireShell shell="staff" />,
            children: [
              { path: paths.dashboard, element: <Dashboard /> },
              { path: paths.clientDashboard, element: <Dashboard /> },
            ],
          },
          {
            element: <RequireShell shell="attorney" />,
            children: [
              { path: paths.attorneyDashboard, element: <AttorneyDashboard /> },
              { path: paths.cases, element: <Cases /> },
              { path: paths.clients, element: <Clients /> },
              { path: paths.client, element: <Client /> },
              { path: paths.calendar, element: <Calendar /> },
              { path: paths.negotiations, element: <Negotiations /> },
              { path: paths.negotiation, element: <Negotiation /> },
              { path: paths.experts, element: <Experts /> },
              { path: paths.expert, element: <Expert /> },
              { path: paths.workflows, element: <Workflows /> },
              { path: paths.analytics, element: <Analytics /> },
            ],
          },
          // Everyone: what they see inside is scoped by the server.
          { path: paths.case, element: <Case /> },
          { path: paths.email, element: <Email /> },
          { path: paths.documents, element: <Documents /> },
          { path: paths.aiAnalysis, element: <AiAnalysis /> },
          { path: paths.messages, element: <Messages /> },
          { path: paths.timeline, element: <Timeline /> },
          { path: paths.settings, element: <Settings /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.landing} replace /> },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** After a failed token refresh, go to /login through the router (unless already there). */
export function sendToLoginOnSessionLoss(router: Pick<AppRouter, 'state' | 'navigate'>): void {
  setSessionLostHandler(() => {
    if (!isLoginPath(router.state.location.pathname)) void router.navigate(paths.login, { replace: true });
  });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  sendToLoginOnSessionLoss(router);
  return router;
}
