export const x = process.env.AULA_X;
