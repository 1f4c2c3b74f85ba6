/** /login, /register, /forgot and /reset-password: signing in, signing up, and a forgotten password. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useAtomValue } from "jotai";
import { useNavigate } from "react-router";
import { type Meta, type PageProps, pageTitle } from "#app/route-module.ts";
import { Redirect, useQueryParams } from "#components/redirect.tsx";
import { LoginForm } from "#features/auth/components/login-form.tsx";
import { ForgotPasswordForm, ResetPasswordForm } from "#features/auth/components/password-reset.tsx";
import { RegisterForm } from "#features/auth/components/register-form.tsx";
import { safeNext } from "#features/auth/paths.ts";
import { sessionUserAtom } from "#features/auth/session.ts";
import { type RoutesOf, shopRoutes } from "#routes.ts";

/** Each form's name, in the title and the heading. */
const titles: Record<RoutesOf<"sign-in">, string> = {
  login: "Sign in",
  register: "Create an account",
  forgot: "Forgot password",
  resetPassword: "Reset password",
};

export const meta: Meta<"sign-in"> = ({ route }) => ({ title: pageTitle(titles[route]) });

export default function SignInPage({ route: form }: PageProps<"sign-in">) {
  const params = useQueryParams();
  const next = safeNext(params.get("next"));
  const user = useAtomValue(sessionUserAtom);
  const navigate = useNavigate();
  const back = next ?? shopRoutes.account.path;
  const withNext = (path: string) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

  if (user && (form === "login" || form === "register")) return <Redirect to={back} />;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        {titles[form]}
      </Typography>
      {form === "login" && (
        <>
          <Typography sx={{ mb: 3 }}>Welcome back. Sign in with your email and password.</Typography>
          <LoginForm onSignedIn={() => navigate(back, { replace: true })} />
          <Box sx={{ mt: 2, display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
            <Link href={shopRoutes.forgot.path}>Forgot your password?</Link>
            <Link href={withNext(shopRoutes.register.path)}>New here? Create an account</Link>
          </Box>
        </>
      )}
      {form === "register" && (
        <>
          <Typography sx={{ mb: 3 }}>
            Save your addresses, follow your orders and check out faster.
          </Typography>
          <RegisterForm onRegistered={() => navigate(back, { replace: true })} />
          <Link href={withNext(shopRoutes.login.path)} sx={{ display: "inline-block", mt: 2 }}>
            Already have an account? Sign in
          </Link>
        </>
      )}
      {form === "forgot" && (
        <>
          <Typography sx={{ mb: 3 }}>
            Enter the email of your account and we will send you a link to choose a new password.
          </Typography>
          <ForgotPasswordForm />
          <Link href={shopRoutes.login.path} sx={{ display: "inline-block", mt: 2 }}>
            Back to sign in
          </Link>
        </>
      )}
      {form === "resetPassword" && (
        <>
          <Typography sx={{ mb: 3 }}>Choose a new password for your account.</Typography>
          <ResetPasswordForm token={params.get("token")} />
        </>
      )}
    </Container>
  );
}
