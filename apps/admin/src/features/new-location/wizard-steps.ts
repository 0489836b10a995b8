import type { ComponentType } from 'react';
import { newLocationSteps, type NewLocationStep, type NewLocationWizard, type StepStatus } from '@lokaler/domain/admin-location';

/** What the wizard gives each step's form (the settings forms' props, in wizard mode). */
export interface WizardStepFormProps {
  locationId: number;
  mode: 'wizard';
  onSaved: () => void;
}

/** The form of each step; the app's routes put the settings forms in (features do not import each other). */
export type WizardStepForms = Record<NewLocationStep, ComponentType<WizardStepFormProps>>;

export const stepStatusLabels: Record<StepStatus, string> = { NOT_STARTED: 'Ikke startet', STARTED: 'Påbegynt', SAVED: 'Lagret' };

export const isNewLocationStep = (value: string | undefined): value is NewLocationStep =>
  value !== undefined && (newLocationSteps as readonly string[]).includes(value);

export const statusOf = (wizard: NewLocationWizard, step: NewLocationStep): StepStatus => wizard.steps[step] ?? 'NOT_STARTED';

/** Where the wizard resumes: the first step not saved, or the last one when every step is saved (to publish). */
export function resumeStep(wizard: NewLocationWizard): NewLocationStep {
  return newLocationSteps.find((step) => statusOf(wizard, step) !== 'SAVED') ?? newLocationSteps[newLocationSteps.length - 1]!;
}

export const nextStep = (step: NewLocationStep): NewLocationStep | undefined => newLocationSteps[newLocationSteps.indexOf(step) + 1];
export const previousStep = (step: NewLocationStep): NewLocationStep | undefined => newLocationSteps[newLocationSteps.indexOf(step) - 1];
