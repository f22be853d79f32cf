// Loaded apart from the first page (deferred-notifications.tsx): the toasts' component and its styles.
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
