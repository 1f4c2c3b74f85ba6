/** Sign in or create an account without leaving the page (checkout): the page goes on once the session exists. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { shopRoutes } from "#routes.ts";
import { LoginForm } from "./login-form.tsx";
import { RegisterForm } from "./register-form.tsx";

export function SignInOrRegister() {
  const [mode, setMode] = useState<"login" | "register">("register");
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography>Sign in or create an account to place your order. Your cart stays as it is.</Typography>
      <Box role="group" aria-label="Account" sx={{ display: "flex", gap: 1 }}>
        <Button
          variant={mode === "register" ? "contained" : "outlined"}
          aria-pressed={mode === "register"}
          onClick={() => setMode("register")}
        >
          I am new here
        </Button>
        <Button
          variant={mode === "login" ? "contained" : "outlined"}
          aria-pressed={mode === "login"}
          onClick={() => setMode("login")}
        >
          I have an account
        </Button>
      </Box>
      {mode === "login" ? (
        <>
          <LoginForm />
          <Link href={shopRoutes.forgot.path}>Forgot your password?</Link>
        </>
      ) : (
        <RegisterForm />
      )}
    </Box>
  );
}
