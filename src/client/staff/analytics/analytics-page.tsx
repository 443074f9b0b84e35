import { useQuery } from '@tanstack/react-query';
import { BarChart, type Bar } from '../charts/bar-chart';
import { DayChart } from '../charts/day-chart';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';
import { StaffPage } from '../staff-page';
import type { Analytics } from '../../../contract/staff-applications';
import { usePageTitle } from '../use-form-view';

const funnelSteps: { key: keyof Analytics['funnel']; label: string }[] = [
  { key: 'accounts', label: 'Accounts' },
  { key: 'confirmed', label: 'Confirmed' },
  { key: 'started', label: 'Started' },
  { key: 'validating', label: 'Validating' },
  { key: 'submitted', label: 'Submitted' },
];

const percent = (part: number, whole: number) =>
  whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;

/** The funnel as bars, each with its share of all accounts. */
function funnelBars(funnel: Analytics['funnel']): Bar[] {
  return funnelSteps.map(({ key, label }) => ({
    label,
    value: funnel[key],
    note: percent(funnel[key], funnel.accounts),
  }));
}

/** The missed fields grouped by page, in the server's order (most missed first). */
function missedByPage(missed: Analytics['missedFields']): [string, Bar[]][] {
  const pages = new Map<string, Bar[]>();
  for (const field of missed) {
    const bars = pages.get(field.page) ?? [];
    bars.push({ label: field.label || field.key, value: field.count });
    pages.set(field.page, bars);
  }
  return [...pages];
}

/** /staff/analytics: where applicants are, where they stop and what they miss. */
export function AnalyticsPage() {
  const analytics = useQuery({
    queryKey: ['staff', 'analytics'],
    queryFn: ({ signal }) => staffApi.analytics(signal),
  });
  const data = analytics.data;
  const pageTitle = usePageTitle();
  return (
    <StaffPage title="Analytics" hasErrors={analytics.isError}>
      <QueryError error={analytics.error} />
      {data && (
        <div className="staff-charts">
          <p>
            Each step counts the applicants who have reached it, including those who went on to a
            later step: Validating counts everyone who has ever reached validation.
          </p>
          <BarChart
            title="Applicants at each step"
            labelHeading="Step"
            valueHeading="Applicants (share of accounts)"
            bars={funnelBars(data.funnel)}
            empty="No accounts yet."
          />
          <DayChart
            title="Submissions by day"
            days={data.submissionsByDay}
            empty="No applications submitted yet."
          />
          <BarChart
            title="Where applicants stop (last page of those who have not submitted)"
            labelHeading="Page"
            valueHeading="Applicants"
            bars={data.stoppedAt.map((s) => ({ label: pageTitle(s.page), value: s.count }))}
            empty="Nobody has stopped part-way."
          />
          <section className="staff-charts__group" aria-labelledby="missed-heading">
            <h2 id="missed-heading">Fields applicants miss most</h2>
            {data.missedFields.length === 0 && (
              <p className="staff-empty">No missed fields recorded.</p>
            )}
            {missedByPage(data.missedFields).map(([page, bars]) => (
              <BarChart
                key={page}
                level={3}
                title={`Missed on ${pageTitle(page)}`}
                labelHeading="Field"
                valueHeading="Times missed"
                bars={bars}
                empty="None."
              />
            ))}
          </section>
          <BarChart
            title="Document conversions that failed, by reason"
            labelHeading="Reason"
            valueHeading="Conversions"
            bars={data.failedConversions.map((f) => ({ label: f.reason, value: f.count }))}
            empty="No conversion has failed."
          />
        </div>
      )}
    </StaffPage>
  );
}
