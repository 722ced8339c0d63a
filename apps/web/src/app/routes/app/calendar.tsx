import { CalendarScreen } from '@/features/calendar/components/calendar-screen';
export { readCalendarAhead } from '@/features/calendar/api/events';

/** /calendar: FullCalendar and its plugins load with this route's chunk only. */
export default function CalendarRoute() {
  return <CalendarScreen />;
}
