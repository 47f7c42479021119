import { useForm } from '@mantine/form';
import type { FormValidation } from '@tunnelscope/contracts';
import { useState } from 'react';

/**
 * A Mantine form checked by one of the client rule sets of @tunnelscope/contracts
 * (validateWaitlistForm, validateContactForm, validateVpnRequestForm), whose messages are the spec's.
 *
 *   const form = useRulesForm({ email: '', company: '' }, validateWaitlistForm);
 *   <form onSubmit={form.onSubmit((sanitized) => send(sanitized))} noValidate>
 *     <TextInput label="Email Address" {...form.getInputProps('email')} />
 *
 * A field's message shows once the visitor has left the field (or tried to submit), and from then on
 * follows every keystroke; Mantine links it to the input (aria-describedby) and sets aria-invalid.
 * A submit that fails focuses the first failing field (in the order of the initial values) and calls
 * `onInvalid`; one that passes hands the handler the values as the sanitizer leaves them.
 */
export function useRulesForm<Values extends Record<string, unknown>, Field extends string>(
  initialValues: Values,
  check: (values: Values) => FormValidation<Field>,
) {
  // The fields whose message follows every keystroke: each one the visitor has left, or all of them
  // once a submit was tried.
  const [live, setLive] = useState<ReadonlySet<string> | 'all'>(() => new Set<string>());
  const isLive = (field: string) => live === 'all' || live.has(field);

  const form = useForm({
    initialValues,
    validate: (values) => check(values).errors,
    transformValues: (values) => check(values).sanitized,
    // Every change re-checks its field; enhanceGetInputProps shows the result once the field is live.
    validateInputOnChange: true,
    enhanceGetInputProps: ({ field, form: self }) => ({
      error: isLive(field) ? self.errors[field] : undefined,
      onBlur: () => {
        self.validateField(field);
        setLive((current) =>
          current === 'all' || current.has(field) ? current : new Set(current).add(field),
        );
      },
    }),
  });

  const onSubmit = (
    handler: (sanitized: Record<Field, string>) => void | Promise<void>,
    onInvalid?: () => void,
  ) =>
    form.onSubmit(
      (sanitized) => {
        setLive('all');
        return handler(sanitized);
      },
      (errors) => {
        setLive('all');
        const first = Object.keys(initialValues).find((field) => errors[field] !== undefined);
        if (first !== undefined) form.getInputNode(first)?.focus();
        onInvalid?.();
      },
    );

  const reset = () => {
    form.reset();
    setLive(new Set<string>());
  };

  return { ...form, onSubmit, reset };
}
