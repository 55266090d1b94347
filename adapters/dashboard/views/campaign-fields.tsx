/** @jsxImportSource hono/jsx */
import { AUTO_APPROVE_COMMISSION_DAYS } from '../../../domain/index.js';
import { SelectField, type Choice, type Problem } from './components.js';

/** The two commission types as a drop-down offers them. */
export const COMMISSION_TYPE_CHOICES: readonly Choice[] = [
  { value: 'percentage', label: 'Percentage of the sale' },
  { value: 'fixed', label: 'Fixed amount per sale' },
];

/** The type a rate form shows chosen: percentage unless the form says fixed. */
export const commissionTypeShown = (value: string | undefined) => (value === 'fixed' ? 'fixed' : 'percentage');

/** The campaign's automatic commission approval: never, or one of the periods the domain allows. */
export const AutoApproveCommissionsField = ({ selected, problem }: { selected: string | undefined; problem?: Problem | null | undefined }) => (
  <SelectField
    label="Approve commissions automatically after"
    name="autoApproveCommissionsAfterDays"
    none="Never (approve by hand)"
    choices={AUTO_APPROVE_COMMISSION_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
    selected={selected}
    problem={problem}
  />
);
