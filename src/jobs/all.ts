/** Every job definition module, imported once by the worker. */
import '@/orders/jobs';
