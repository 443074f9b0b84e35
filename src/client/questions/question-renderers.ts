/**
 * The question registry's entries: each import registers one question type's component
 * (`registerQuestion('<type>', Component)` at the end of its file). A new type is one new file
 * and one line here; forms:check fails on a type used in forms/ that has no component.
 */
import './text-question';
import './password-question';
import './ssn-question';
import './textarea-question';
import './date-question';
import './phone-question';
import './select-question';
import './radio-question';
import './checkbox-question';
import './checkbox-group-question';
import './yes-no-question';
import './confirm-question';
import './address-question';
import './school-search-question';
import './file-question';
import './add-another-question';
import './tabs-question';
import './paragraph-question';
