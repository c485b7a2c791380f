// The /radio player card (app/routes/pages/radio.tsx renders it on the server with the same props).
export { RadioStation as default } from "#app/components/radio/RadioStation.tsx";
