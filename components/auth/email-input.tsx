import { Input, type InputProps } from '@/components/ui/input';

/** The e-mail field every account form shares; pass `{...register('email')}` and its error. */
export function EmailInput(props: Omit<InputProps, 'label' | 'type'>) {
  return <Input label="E-mail" type="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}
