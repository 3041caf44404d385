import { MyRequestsPage } from "../../offline/my-requests-page";

/** /profile/directBooks: books bought from the book search, each with its delivery (accounts spec §4 redirect). */
export default function DirectBooks() {
  return <MyRequestsPage group="direct_books" />;
}
