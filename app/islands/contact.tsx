// The /contact form (app/routes/pages/contact.tsx renders it on the server with the same props).
export { ContactForm as default } from "#app/components/contact/ContactForm.tsx";
