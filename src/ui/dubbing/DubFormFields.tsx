// The dub form's settings rows of the AI dubbing dialog (speakers, burn-in, subtitle look), drawn from
// the form's one description (src/shared/contract/dub-form.ts): a field described there appears here
// with its label, bounds and test id, greyed out while the switch it depends on says so. The
// language pickers stay in the dialog (they need the server's language lists).
import { Field, HStack, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  DUB_FORM_FIELD_NAMES,
  dubFieldEnabled,
  dubFieldSpec,
  type DubFieldView,
  type DubFormField,
  type DubFormFieldValues,
} from '../../shared/contract/dub-form';

export type DubFormView = Omit<DubFormFieldValues, 'folderId'>;

export interface DubFormFieldsProps {
  form: DubFormView;
  onFormChange(patch: Partial<DubFormView>): void;
}

type Group = DubFieldView['group'];
/** The rows drawn here, in this order; languages are the dialog's, 'none' is never shown. */
const GROUPS: readonly Group[] = ['speakers', 'burnIn', 'subtitles'];
const ROW_LOOK: Partial<Record<Group, { gap: string; align?: string }>> = { speakers: { gap: '4' }, subtitles: { gap: '3', align: 'end' } };

export function LabeledSwitch(props: { checked: boolean; label: string; testId: string; onChange(checked: boolean): void }) {
  return (
    <Switch.Root checked={props.checked} data-testid={props.testId} onCheckedChange={(details) => props.onChange(details.checked)}>
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{props.label}</Switch.Label>
    </Switch.Root>
  );
}

const choicesOf = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

function DubField({ field, form, onFormChange }: { field: Exclude<DubFormField, 'folderId'> } & DubFormFieldsProps) {
  const { t } = useTranslation('dubbing');
  const spec = dubFieldSpec(field);
  const { view } = spec;
  const disabled = !dubFieldEnabled(field, form);
  const change = (value: unknown) => onFormChange({ [field]: value } as Partial<DubFormView>);
  const value = form[field];
  if (spec.type === 'switch') return <LabeledSwitch checked={value === true} label={t(view.label)} testId={view.testId} onChange={change} />;
  if (spec.type === 'choice') {
    return (
      <>
        <Text fontSize="sm">{t(view.label)}</Text>
        <NativeSelect.Root size="sm" w={view.width} disabled={disabled}>
          <NativeSelect.Field value={String(value)} data-testid={view.testId} onChange={(event) => change(Number(event.target.value))}>
            {choicesOf(spec.min, spec.max).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </>
    );
  }
  if (spec.type === 'integer' || spec.type === 'color') {
    const input =
      spec.type === 'integer' ? (
        <Input type="number" min={spec.min} max={spec.max} value={Number(value)} data-testid={view.testId} onChange={(event) => change(Number(event.target.value))} />
      ) : (
        <Input type="color" p="1" value={String(value)} data-testid={view.testId} onChange={(event) => change(event.target.value)} />
      );
    return (
      <Field.Root w={view.width} disabled={disabled}>
        <Field.Label>{t(view.label)}</Field.Label>
        {input}
      </Field.Root>
    );
  }
  return null; // languages and the folder are not drawn here
}

/** The speakers, burn-in and subtitle rows of the dub form. */
export function DubFormFields(props: DubFormFieldsProps) {
  return (
    <Stack gap="4">
      {GROUPS.map((group) => {
        const fields = DUB_FORM_FIELD_NAMES.filter((field): field is Exclude<DubFormField, 'folderId'> => field !== 'folderId' && dubFieldSpec(field).view.group === group);
        const drawn = fields.map((field) => <DubField key={field} field={field} {...props} />);
        const look = ROW_LOOK[group];
        return look ? (
          <HStack key={group} gap={look.gap} align={look.align} flexWrap="wrap">
            {drawn}
          </HStack>
        ) : (
          drawn
        );
      })}
    </Stack>
  );
}
