import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordInput } from './password-input';

type Props = {
  password: UseFormRegisterReturn;
  repeat: UseFormRegisterReturn;
  errors: { password?: string; repeat?: string };
  labels?: { password: string; repeat: string };
};

/** A new password and its repetition, with the length hint the schema enforces. */
export function NewPasswordInputs({ password, repeat, errors, labels = { password: 'Password', repeat: 'Repeat password' } }: Props) {
  return (
    <>
      <PasswordInput label={labels.password} autoComplete="new-password" hint="At least 8 characters." error={errors.password} {...password} />
      <PasswordInput label={labels.repeat} autoComplete="new-password" error={errors.repeat} {...repeat} />
    </>
  );
}
