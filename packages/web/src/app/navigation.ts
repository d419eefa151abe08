type Navigate = (to: string) => void;

let current: Navigate = (to) => {
  location.assign(to);
};

/** Lets code outside React (the client's failure handling) navigate through the router. */
export function setNavigator(navigateTo: Navigate): void {
  current = navigateTo;
}

export function navigate(to: string): void {
  current(to);
}
