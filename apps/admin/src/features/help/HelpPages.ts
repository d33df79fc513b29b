// the help pages, loaded as their own chunk
export { HelpPage } from './HelpPage';
export { TicketsPage } from './TicketsPage';
