import { CompanyNotFound } from "@/components/profile/company-not-found";

// No loading.tsx on this route: the 404 status is decided before anything is streamed.
export default function NotFound() {
  return <CompanyNotFound />;
}
