import { Field, Input } from '@chakra-ui/react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  name: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  /** Translated error text; shown under the input and marks it invalid. */
  error?: string;
  hint?: string;
}

export function TextField(props: TextFieldProps) {
  const { label, value, onChange, testId, name, type = 'text', placeholder, autoComplete, inputMode, error, hint } = props;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
      />
      {error ? (
        <Field.ErrorText data-testid={`${testId}-error`}>{error}</Field.ErrorText>
      ) : hint ? (
        <Field.HelperText>{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
