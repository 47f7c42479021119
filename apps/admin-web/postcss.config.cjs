module.exports = require('@tunnelscope/web-ui/postcss');
