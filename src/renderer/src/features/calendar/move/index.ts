export { ConfirmBookingMove, type BookingMove } from './ConfirmBookingMove'
