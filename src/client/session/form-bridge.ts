// The shell's one doorway to the questions engineer's store and renderer.
export { createFormStore, type FormStore } from '../form/form-store';
export { FormProvider, useFormStore, type FormEnvironment } from '../form/form-context';
export { PageRenderer } from '../renderer/page-renderer';
export { focusField } from '../renderer/focus-field';
